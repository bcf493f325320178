/* The viewers' texts for the code viewer's component tests: the package's one helper. */
export { renderWithTexts } from '../../testing/render-with-texts';
