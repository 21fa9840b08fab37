/** A reason not to start that the operator can fix: logged as one line, no stack; one sentence that says what to do. */
export class StartupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StartupError";
  }
}
