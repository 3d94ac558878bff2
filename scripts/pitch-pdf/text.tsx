import { Text, View } from "@react-pdf/renderer";
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
