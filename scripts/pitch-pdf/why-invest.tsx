import { Text, View } from "@react-pdf/renderer";
import { goals2030, whyInvest } from "../../app/content/investors";
import { s } from "./styles";
import { FigureItem, SectionTitle, type FigureStyles } from "./text";

const goalStyles: FigureStyles = { box: s.goal, value: s.goalValue, label: s.goalLabel };

/** The reasons to invest side by side, then the goals for 2030 in a band. */
export function WhyInvest() {
  return (
    <View style={s.section}>
      <SectionTitle eyebrow={whyInvest.eyebrow} title={whyInvest.title} />
      <View style={s.reasons}>
        {whyInvest.reasons.map((r) => (
          <View key={r.id} style={s.reason}>
            <Text style={s.itemTitle}>{r.title}</Text>
            <Text style={s.itemText}>{r.description}</Text>
          </View>
        ))}
      </View>
      <View style={s.goals}>
        <Text style={s.goalsTitle}>Our goals for 2030</Text>
        {goals2030.map((g) => (
          <FigureItem key={g.label} figure={g} styles={goalStyles} />
        ))}
      </View>
    </View>
  );
}
