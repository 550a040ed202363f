/** Built in issue 6; until then the section's page. */
export { Component } from '../dashboard/section';
