import { company } from '../../common/company';
import type { TeamContent } from '../../common/site-content/site-content';
import type { PageSeo } from '../lib/page-meta';

export const team: TeamContent = {
  hero: {
    eyebrow: 'Our team',
    title: 'The people behind your project',
    lead: 'Experienced, hands-on and easy to reach. Meet the leadership of our team.',
  },
  leadershipTitle: 'Leadership',
  people: [
    {
      name: company.founder.name,
      role: company.founder.role,
      bio: [
        `${company.founder.name} founded ${company.name} to give growing businesses the kind of technology partner that large companies take for granted: one team that understands both the technology and the business behind it.`,
        'With a background in software engineering and digital strategy, he has led projects ranging from e-commerce platforms and business software to brand launches and marketing campaigns for clients in India and abroad. He still works closely with every client, from the first workshop to launch day.',
      ],
      expertise: ['Software Architecture', 'Digital Strategy', 'Product and UX Design', 'Project Leadership'],
    },
  ],
};

export const teamSeo: PageSeo = {
  description: `Meet ${company.founder.name}, chief executive and founder of ${company.name}, and the expertise that leads every project.`,
};
