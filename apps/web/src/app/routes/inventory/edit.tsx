export { SectionRoute as Component } from '../dashboard/section';
