/** The sign-in and forgotten-password texts, fixed word for word, written once. */
export const authMessages = {
  fillAllFields: "Please fill in all fields",
  loginFailed: "Login failed",
  loginSuccess: "Login successful",
  noPermission: "You don't have permissions to access this dashboard.",
  enterEmail: "Please enter your email address",
  enterOtp: "Please enter the OTP code",
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 8 characters long",
  otpSent: "OTP code has been sent to your email",
  otpSendFailed: "Failed to send OTP",
  otpVerified: "OTP verified successfully",
  otpInvalid: "Invalid OTP code",
  otpHelper: "Invalid OTP",
  resetSuccess: "Password reset successfully",
  resetFailed: "Failed to reset password",
  loggedOut: "Logged out",
  loggedOutDescription: "You have been signed out of the dashboard.",
  dailySignOut: "Your session ended with the day. Please sign in again.",
} as const;

export { OTP_LENGTH, PASSWORD_MIN_LENGTH as MIN_PASSWORD_LENGTH } from "@backoffice/contracts/site-rules";
