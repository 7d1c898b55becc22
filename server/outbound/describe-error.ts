/** An error in one line: its code when it has one, else its message; never a stack. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}` : error.message.split('\n')[0]!;
  }
  return String(error);
}
