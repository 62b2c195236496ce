// The length rule of a new password, one for the forms (checked as typed) and the server (register, reset, change).
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;

/** True when a new password has PASSWORD_MIN..PASSWORD_MAX characters (code points: an emoji is one). */
export function passwordLengthOk(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX;
}
