import { type ComponentType, type LazyExoticComponent, lazy } from "react";

type Screen = LazyExoticComponent<ComponentType>;

/**
 * The screen of each layout route (paths as in LAYOUT_ROUTES of packages/domain). A route without an entry
 * shows its title and an honest empty state until its feature lands.
 */
export const SCREENS: Record<string, Screen> = {};
