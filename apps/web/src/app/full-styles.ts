/** Every Mantine style, for the signed-in layout and the account pages outside it (see sign-in-styles.ts). */
import "@mantine/core/styles.layer.css";
