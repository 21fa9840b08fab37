/**
 * A reason the server cannot start that whoever runs it can fix (a bad setting, an unusable
 * DATA_DIR). The server entry prints its message as one line and exits with code 1, instead of a
 * stack trace; keep the message to one sentence that says what to do.
 */
export class StartupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StartupError";
  }
}
