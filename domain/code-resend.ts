// How long after a verification code was sent another one to the same address may be asked for: the server refuses
// an earlier one (code_too_frequent with { resend_after }) and the app's "Send code" button counts it down. Stated once
// for both sides; the server's answer still says the exact wait, the app's countdown starts from this when it has none.

export const CODE_RESEND_SECONDS = 60;
