import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { quoteMessages } from '../../common/quote-messages';
import ThankYouFilesNotKeptPage from './thank-you-files-not-kept';

describe('the thank-you page of a request taken without its files (no JavaScript)', () => {
  it('thanks the visitor and tells them their files were not kept, and what to do', () => {
    render(
      <MemoryRouter>
        <ThankYouFilesNotKeptPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you' })).toBeInTheDocument();
    expect(screen.getByText(quoteMessages.success)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(quoteMessages.filesNotKept);
  });
});
