/** The longest address SMTP allows in a path (RFC 5321), and so the longest an email field accepts. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * One text field of a form, defined once and drawn by both sides: the page's
 * React form (app/components/forms/) and the page the server writes for a
 * visitor without JavaScript render the same component from this definition.
 */
export interface FormFieldDefinition {
  /** The visible label, also the field's accessible name. */
  readonly label: string;
  /** An input type, or a multi-line text area. */
  readonly control: 'text' | 'email' | 'tel' | 'textarea';
  readonly required: boolean;
  /** The longest value accepted, in characters; the schema checks the same limit. */
  readonly maxLength: number;
  readonly autoComplete?: string;
  readonly inputMode?: 'text' | 'email' | 'tel';
  /** An HTML pattern the browser checks when a native post is sent; the schema checks the same. */
  readonly pattern?: string;
  readonly placeholder?: string;
  /** A line of help under the field. */
  readonly hint?: string;
  /** Whether the hint goes on with "n of max characters". */
  readonly counted?: boolean;
  /** Rows of a text area. */
  readonly rows?: number;
  /** Takes the whole width of the form's grid on wide screens. */
  readonly wide?: boolean;
}
