import { tabHref } from '../../lib/dashboard-paths';

/** `?create=1` on the SBT tab opens the design dialog (Settings › Blockchain Identity › Create SBT). */
export const CREATE_PARAM = 'create';

export const createSbtHref = `${tabHref('sbt')}&${CREATE_PARAM}=1`;
