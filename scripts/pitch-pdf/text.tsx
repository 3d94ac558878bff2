import { Text, View } from "@react-pdf/renderer";
import type { ComponentProps } from "react";
import type { Figure } from "../../app/content/figures";
import { s } from "./styles";

/** A small capitalised label above a heading. */
export function Eyebrow({ children }: { children: string }) {
  return <Text style={s.eyebrow}>{children.toUpperCase()}</Text>;
}

/** A full-width section's heading: its eyebrow and title on one line. */
export function SectionTitle({ eyebrow, title }: { eyebrow: string; title: string }) {
  return (
    <Text style={s.sectionTitle}>
      <Text style={s.eyebrow}>{eyebrow.toUpperCase()}</Text>
      {"   "}
      {title}
    </Text>
  );
}

/** A bold title over a muted description: problem points, audiences, reasons. */
export function Item({ title, description }: { title: string; description: string }) {
  return (
    <View style={s.item}>
      <Text style={s.itemTitle}>{title}</Text>
      <Text style={s.itemText}>{description}</Text>
    </View>
  );
}

type Style = ComponentProps<typeof View>["style"];

/** The styles of a figure's box, its value and its label. */
export type FigureStyles = { box: Style; value: Style; label: Style };

/** A figure: its value, then what it counts (the key figures, traction, the 2030 goals). */
export function FigureItem({ figure, styles }: { figure: Figure; styles: FigureStyles }) {
  return (
    <View style={styles.box}>
      <Text style={styles.value}>{figure.value}</Text>
      <Text style={styles.label}>{figure.label}</Text>
    </View>
  );
}
