import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';

interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** The form is being sent: the button says so and ignores presses. */
  pending: boolean;
  pendingLabel: ReactNode;
}

/**
 * A submit button with a pending state. It is marked aria-disabled rather than disabled while pending,
 * so it keeps the keyboard focus (a disabled button would drop it to the page).
 */
export function SubmitButton({ pending, pendingLabel, children, onClick, ...rest }: SubmitButtonProps) {
  const guard = (event: MouseEvent<HTMLButtonElement>) => {
    if (pending) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <button type="submit" aria-disabled={pending || undefined} onClick={guard} {...rest}>
      {pending ? pendingLabel : children}
    </button>
  );
}
