/** A dialog's or panel's error, announced as an alert; nothing while there is none. */
export function ErrorAlert({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p className="cc-alert cc-alert--error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
