import { describe, expect, it } from 'vitest';
import { defaultSiteContent } from './site-content.ts';
import { contentMessages } from '../../common/site-content/content-fields.ts';
import { siteContentSchema, type SiteContent } from '../../common/site-content/site-content.ts';

function withChange(change: (content: SiteContent) => void): SiteContent {
  const content = structuredClone(defaultSiteContent);
  change(content);
  return content;
}

/** The messages the schema gives for this content, by the field's path. */
function problems(content: unknown): Record<string, string> {
  const result = siteContentSchema.safeParse(content);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the site content', () => {
  it('starts from the copy of the content files, which the schema accepts as it is', () => {
    const parsed = siteContentSchema.parse(defaultSiteContent);
    expect(parsed).toEqual(defaultSiteContent);
    expect(parsed.faq.items).toHaveLength(7);
    expect(parsed.home.slides).toHaveLength(3);
    expect(parsed.home.whyChooseUs.reasons).toHaveLength(4);
    expect(parsed.about.impact.stats).toHaveLength(3);
    expect(parsed.team.people[0]?.name).toBe('Arjun Mehta');
    expect(parsed.company.email).toBe('hello@example.com');
  });

  it('keeps text as typed, markup included: the page shows it as text', () => {
    const answer = '<script>alert("hi")</script> and **not bold**';
    const parsed = siteContentSchema.parse(
      withChange((content) => (content.faq.items[0]!.answer = [answer])),
    );
    expect(parsed.faq.items[0]!.answer).toEqual([answer]);
  });

  it('says which field is missing, too long or on several lines', () => {
    expect(
      problems(
        withChange((content) => {
          content.faq.items[0]!.question = '   ';
          content.faq.items[1]!.answer = ['x'.repeat(2001)];
          content.team.people[0]!.name = 'Two\nlines';
        }),
      ),
    ).toEqual({
      'faq.items.0.question': contentMessages.required,
      'faq.items.1.answer.0': contentMessages.tooLong(2000),
      'team.people.0.name': contentMessages.oneLine,
    });
  });

  it('wants a valid email, an https address for social links and an international phone number', () => {
    expect(
      problems(
        withChange((content) => {
          content.company.email = 'hello at example';
          content.company.social[0]!.url = 'javascript:alert(1)';
          content.company.phoneE164 = '0000';
        }),
      ),
    ).toEqual({
      'company.email': contentMessages.email,
      'company.social.0.url': contentMessages.url,
      'company.phoneE164': contentMessages.phone,
    });
  });

  it('keeps the four services in their places, since links point at their anchors', () => {
    const swapped = withChange((content) => content.services.services.reverse());
    expect(problems(swapped)).toEqual({ 'services.services': 'The four services keep their places.' });
  });

  it('wants a description for every photo and at least one question', () => {
    expect(
      problems(
        withChange((content) => {
          content.team.people[0]!.photo = { id: 'photo-1', description: '' };
          content.faq.items = [];
        }),
      ),
    ).toEqual({
      'team.people.0.photo.description': contentMessages.required,
      'faq.items': contentMessages.tooFew(1),
    });
  });
});
