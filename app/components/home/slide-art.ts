import type { SlideArt } from '../../content/home';
import design from '../../assets/banner/design.svg?no-inline';
import marketing from '../../assets/banner/marketing.svg?no-inline';
import software from '../../assets/banner/software.svg?no-inline';

/** Illustrations drawn for the banner, served as hashed, cacheable files. */
export const slideArt: Record<SlideArt, string> = { software, marketing, design };
