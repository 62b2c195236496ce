// The code's key is sent back with it: only this caller can spend its checks.
import { useState } from 'react';

export type PasswordForm = ReturnType<typeof usePasswordForm>;

export function usePasswordForm() {
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [code, setCode] = useState('');
  const [codeKey, setCodeKey] = useState('');
  return { password, setPassword, rePassword, setRePassword, code, setCode, codeKey, setCodeKey };
}
