/** The live chat's public surface: the header's chat button. */
export { LiveChat } from "./LiveChat.tsx";
