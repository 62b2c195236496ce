// The resend wait for a verification code, shared; the app counts down from it when the server's answer names none.

export const CODE_RESEND_SECONDS = 60;
