import { HONEYPOT_FIELD } from '../../../common/honeypot.ts';

/**
 * The spam trap of a form: off screen, hidden from assistive technology, out
 * of the tab order and never autofilled. People leave it empty; bots fill it.
 */
export function HoneypotField({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
