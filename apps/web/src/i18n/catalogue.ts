import { messages } from '@portal/shared/messages';
import en from './en.json';

/**
 * The English catalogue. Messages shared with the server come straight from @portal/shared, so
 * the exact wording of docs/product.md §8 has one source; ar.json and fr.json translate them under `messages`.
 */
export const english = { ...en, messages };
export type Catalogue = typeof english;
