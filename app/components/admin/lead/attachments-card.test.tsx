import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LeadAttachment } from '../../../../common/inbox-api/lead-schemas';
import { AttachmentsCard } from './attachments-card';

const brief: LeadAttachment = {
  id: 7,
  name: 'Brief (final).pdf',
  size: 2_516_582,
  mediaType: 'application/pdf',
  scan: 'clean',
};

describe("a lead's attachments", () => {
  it('lists each file with its size, type and scan state, its name a link to download it', () => {
    render(
      <AttachmentsCard
        leadId={3}
        files={[
          brief,
          { ...brief, id: 8, name: 'notes.txt', size: 820, mediaType: 'text/plain', scan: 'not-scanned' },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Attachments' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Brief (final).pdf (download)' });
    expect(link).toHaveAttribute('href', '/admin/api/leads/3/attachments/7');
    expect(link).toHaveAttribute('download', 'Brief (final).pdf');
    expect(screen.getByText(/2\.4 MB · PDF ·/)).toHaveTextContent('2.4 MB · PDF · Scanned, clean');
    expect(screen.getByRole('link', { name: 'notes.txt (download)' })).toBeInTheDocument();
    expect(screen.getByText(/820 bytes/)).toHaveTextContent(
      '820 bytes · Text · Not scanned: no virus scanner was set up when it arrived',
    );
  });

  it('gives no link to a file waiting for its scan or infected, and says why', () => {
    render(
      <AttachmentsCard
        leadId={3}
        files={[
          { ...brief, scan: 'pending' },
          { ...brief, id: 8, name: 'eicar.txt', mediaType: 'text/plain', scan: 'infected' },
        ]}
      />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Brief (final).pdf')).toBeInTheDocument();
    expect(screen.getByText(/Not scanned yet/).parentElement).toHaveTextContent(
      'Not scanned yet. It can be downloaded once it is scanned.',
    );
    expect(screen.getByText(/Virus found/).parentElement).toHaveTextContent(
      'Virus found: removed. It cannot be downloaded.',
    );
  });

  it('is not shown when the visitor attached nothing', () => {
    const { container } = render(<AttachmentsCard leadId={3} files={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
