/** The privacy feature's public surface: the notice a member accepts before using the school (the layout shows it). */
export { PrivacyNotice, type PrivacyTexts } from "./PrivacyNotice.tsx";
