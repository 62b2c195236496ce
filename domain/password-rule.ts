// The new-password length rule, one for the forms as typed and the server.
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;

/** Code points, so an emoji is one character. */
export function passwordLengthOk(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX;
}
