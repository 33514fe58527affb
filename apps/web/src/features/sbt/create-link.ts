import { tabHref } from '../dashboard/tabs';

/** `?create=1` on the SBT tab opens the design dialog (Settings › Blockchain Identity › Create SBT). */
export const CREATE_PARAM = 'create';

export const createSbtHref = `${tabHref('sbt')}&${CREATE_PARAM}=1`;
