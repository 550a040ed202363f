/** The version of iPos this build is: in health answers, the API document and backup manifests. */
export const APP_VERSION = '1.0.0';
