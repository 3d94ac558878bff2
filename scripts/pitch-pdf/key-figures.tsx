import { Text, View } from "@react-pdf/renderer";
import { problem } from "../../app/content/investors";
import { s } from "./styles";

/** The problem's figures in a row, the headline figure first and in the accent colour. */
export function KeyFigures() {
  const [headline, ...supporting] = [problem.headline, ...problem.supportingFigures];
  return (
    <View style={s.figures}>
      {headline ? (
        <View style={[s.figure, s.figureHeadline]}>
          <Text style={[s.figureValue, s.figureValueAccent]}>{headline.value}</Text>
          <Text style={s.figureLabel}>{headline.label}</Text>
        </View>
      ) : null}
      {supporting.map((f) => (
        <View key={f.label} style={s.figure}>
          <Text style={s.figureValue}>{f.value}</Text>
          <Text style={s.figureLabel}>{f.label}</Text>
        </View>
      ))}
    </View>
  );
}
