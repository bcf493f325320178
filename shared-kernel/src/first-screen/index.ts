export {
  FIRST_SCREEN_ADOPTED_ATTRIBUTE,
  FIRST_SCREEN_ELEMENT_ID,
  markFirstScreenAdopted,
  serverRenderedContent,
  takeEarlyField,
  takeEarlySubmit,
  type EarlyField,
} from './early-first-screen';
export { signedInPageFirstScreens } from './signed-in-page-first-screens';
