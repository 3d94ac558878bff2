import { View } from "@react-pdf/renderer";
import { problem } from "../../app/content/investors";
import { s } from "./styles";
import { FigureItem, type FigureStyles } from "./text";

const supportingStyles: FigureStyles = { box: s.figure, value: s.figureValue, label: s.figureLabel };
const headlineStyles: FigureStyles = {
  box: [s.figure, s.figureHeadline],
  value: [s.figureValue, s.figureValueAccent],
  label: s.figureLabel,
};

/** The problem's figures in a row, the headline figure first and in the accent colour. */
export function KeyFigures() {
  const [headline, ...supporting] = [problem.headline, ...problem.supportingFigures];
  return (
    <View style={s.figures}>
      {headline ? <FigureItem figure={headline} styles={headlineStyles} /> : null}
      {supporting.map((f) => (
        <FigureItem key={f.label} figure={f} styles={supportingStyles} />
      ))}
    </View>
  );
}
