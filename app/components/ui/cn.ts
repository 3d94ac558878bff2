import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Classes are not merged: where a caller's class must beat
 * one of a component's own for the same property (a bigger title, a tighter
 * margin), the caller marks it important (`text-2xl!`), since otherwise the
 * stylesheet's order, not the order here, decides. tailwind-merge did this at
 * run time for 8 KB of script on every page (docs/decisions/006-page-weight.md).
 */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);
