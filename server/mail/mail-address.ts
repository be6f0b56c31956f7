export interface MailAddress {
  /** Display name, e.g. "Acme Tech Solutions"; never contains line breaks or quotes. */
  name?: string;
  address: string;
}

/** The domain of the company's sender address, for the Message-IDs of its emails. */
export function mailDomain(from: MailAddress): string {
  return from.address.split('@')[1] ?? 'localhost';
}
