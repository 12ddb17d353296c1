/** The help videos' public surface: the help button each page title shows. */
export { HelpButton } from "./HelpButton.tsx";
