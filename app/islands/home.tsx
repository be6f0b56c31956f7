import { HeroBanner } from '../components/home/hero-banner';
import { QuoteSection } from '../components/quote/quote-section';
import { hydrateIsland } from './hydrate';

// The home page's two islands, in one script (one file less to fetch): each its own React root.
hydrateIsland('banner', HeroBanner);
hydrateIsland('quote-form', QuoteSection);
