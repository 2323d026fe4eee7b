/** The sentence to show for a failed console call (the server's `mensaje` when it sent one). */
export function failureMessage(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}
