// The code's key is sent back with it: only this caller can spend its checks.
import { useState } from 'react';

export interface PasswordForm {
  password: string;
  setPassword: (v: string) => void;
  rePassword: string;
  setRePassword: (v: string) => void;
  code: string;
  setCode: (v: string) => void;
  codeKey: string;
  setCodeKey: (v: string) => void;
}

export function usePasswordForm(): PasswordForm {
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [code, setCode] = useState('');
  const [codeKey, setCodeKey] = useState('');
  return { password, setPassword, rePassword, setRePassword, code, setCode, codeKey, setCodeKey };
}
