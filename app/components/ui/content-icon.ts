import {
  Award,
  ChartLine,
  Clock,
  CodeXml,
  Compass,
  Cpu,
  GraduationCap,
  Handshake,
  Lightbulb,
  Palette,
  TrendingUp,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ContentIcon } from '../../../common/site-content/page-content';

/** The icon of each name the content can choose (common/site-content/page-content.ts). */
export const contentIcons: Record<ContentIcon, LucideIcon> = {
  cpu: Cpu,
  'trending-up': TrendingUp,
  clock: Clock,
  users: Users,
  lightbulb: Lightbulb,
  award: Award,
  handshake: Handshake,
  'graduation-cap': GraduationCap,
  'code-xml': CodeXml,
  'chart-line': ChartLine,
  palette: Palette,
  compass: Compass,
};
