/**
 * The Mantine styles the sign-in page draws with, and nothing else: the first load of a phone stays small. Signed-in
 * screens and the other account pages bring the whole set (`full-styles.ts`). Both are the `@layer mantine` builds,
 * so our own CSS modules win over Mantine's whatever order the files arrive in. Mantine's default CSS variables are
 * not among them: the provider writes every variable itself (app/Providers.tsx, deduplicateCssVariables off).
 */
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/global.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/Button.layer.css";
import "@mantine/core/styles/Input.layer.css";
import "@mantine/core/styles/PasswordInput.layer.css";
import "@mantine/core/styles/ActionIcon.layer.css";
import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/Paper.layer.css";
import "@mantine/core/styles/Stack.layer.css";
import "@mantine/core/styles/Group.layer.css";
import "@mantine/core/styles/Center.layer.css";
import "@mantine/core/styles/Text.layer.css";
import "@mantine/core/styles/Title.layer.css";
import "@mantine/core/styles/Anchor.layer.css";
import "@mantine/core/styles/Image.layer.css";
import "@mantine/core/styles/VisuallyHidden.layer.css";
