import { Text, View } from "@react-pdf/renderer";
import { traction } from "../../app/content/investors";
import { nationalPilotCard } from "../../app/lib/dated";
import { s } from "./styles";
import { Eyebrow } from "./text";

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
            <View key={f.label} style={s.tractionItem}>
              <Text style={s.tractionValue}>{f.value}</Text>
              <Text style={s.figureLabel}>{f.label}</Text>
            </View>
          ))}
        </View>
      </View>
    </View>
  );
}
