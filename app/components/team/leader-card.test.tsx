import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PersonContent } from '../../../common/site-content/site-content';
import { LeaderCard } from './leader-card';

const person: PersonContent = {
  name: 'Asha Rao',
  role: 'Founder',
  bio: ['Builds things.'],
  expertise: ['Strategy'],
};

describe("a person's card on the team page", () => {
  it('shows their photo, described, at every stored width, sized and loaded lazily', () => {
    const id = 'a1b2c3d4e5f60718293a4b5c';
    render(
      <LeaderCard
        person={{ ...person, photo: { id, description: 'Asha smiling in the office' } }}
        index={0}
      />,
    );
    const photo = screen.getByRole('img', { name: 'Asha smiling in the office' });
    expect(photo).toHaveAttribute('src', `/photos/${id}-320.webp`);
    expect(photo).toHaveAttribute(
      'srcset',
      `/photos/${id}-160.webp 160w, /photos/${id}-320.webp 320w, /photos/${id}-640.webp 640w`,
    );
    expect(photo).toHaveAttribute('sizes', '144px');
    expect(photo).toHaveAttribute('width', '144');
    expect(photo).toHaveAttribute('height', '144');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(screen.queryByText('AR')).not.toBeInTheDocument();
  });

  it('shows their initials, hidden from screen readers, when they have no photo', () => {
    render(<LeaderCard person={person} index={0} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('AR')).toHaveAttribute('aria-hidden', 'true');
  });
});
