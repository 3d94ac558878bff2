import { Text, View } from "@react-pdf/renderer";
import { traction } from "../../app/content/investors";
import { nationalPilotCard } from "../../app/content/dated";
import { s } from "./styles";
import { Eyebrow, FigureItem, type FigureStyles } from "./text";

const tractionStyles: FigureStyles = { box: s.tractionItem, value: s.tractionValue, label: s.figureLabel };

/** Two columns: the first national pilot, boxed, beside a grid of traction figures. */
export function PilotAndTraction({ today }: { today: string }) {
  const firstNationalPilot = nationalPilotCard(today);
  return (
    <View style={s.columns}>
      <View style={s.column}>
        <View style={s.pilotBox}>
          <Eyebrow>{firstNationalPilot.title}</Eyebrow>
          <Text style={s.badge}>{firstNationalPilot.status}</Text>
          <Text style={s.pilotLaunch}>{firstNationalPilot.launch}</Text>
          <Text style={s.itemText}>{firstNationalPilot.countryNote}.</Text>
          <Text style={[s.itemText, { marginTop: 3 }]}>{firstNationalPilot.ukPilotNote}</Text>
        </View>
      </View>
      <View style={s.column}>
        <Eyebrow>Traction</Eyebrow>
        <View style={s.tractionGrid}>
          {traction.map((f) => (
            <FigureItem key={f.label} figure={f} styles={tractionStyles} />
          ))}
        </View>
      </View>
    </View>
  );
}
