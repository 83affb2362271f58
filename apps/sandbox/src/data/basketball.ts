import { type Country, type League, teams, teamsById } from "./sports-types.ts";

const usa: Country = { id: 5, name: "USA", code: "US", flag: "us" };
const europe: Country = { id: 3, name: "Europe", code: null, flag: null };
const spain: Country = { id: 8, name: "Spain", code: "ES", flag: "es" };

const nba = teams([
  [132, "Atlanta Hawks", "State Farm Arena", "Atlanta"],
  [133, "Boston Celtics", "TD Garden", "Boston"],
  [134, "Brooklyn Nets", "Barclays Center", "Brooklyn"],
  [135, "Charlotte Hornets", "Spectrum Center", "Charlotte"],
  [136, "Chicago Bulls", "United Center", "Chicago"],
  [137, "Cleveland Cavaliers", "Rocket Arena", "Cleveland"],
  [138, "Dallas Mavericks", "American Airlines Center", "Dallas"],
  [139, "Denver Nuggets", "Ball Arena", "Denver"],
  [140, "Detroit Pistons", "Little Caesars Arena", "Detroit"],
  [141, "Golden State Warriors", "Chase Center", "San Francisco"],
  [142, "Houston Rockets", "Toyota Center", "Houston"],
  [143, "Indiana Pacers", "Gainbridge Fieldhouse", "Indianapolis"],
  [144, "Los Angeles Clippers", "Intuit Dome", "Inglewood"],
  [145, "Los Angeles Lakers", "Crypto.com Arena", "Los Angeles"],
  [146, "Memphis Grizzlies", "FedExForum", "Memphis"],
  [147, "Miami Heat", "Kaseya Center", "Miami"],
  [148, "Milwaukee Bucks", "Fiserv Forum", "Milwaukee"],
  [149, "Minnesota Timberwolves", "Target Center", "Minneapolis"],
  [150, "New Orleans Pelicans", "Smoothie King Center", "New Orleans"],
  [151, "New York Knicks", "Madison Square Garden", "New York"],
  [152, "Oklahoma City Thunder", "Paycom Center", "Oklahoma City"],
  [153, "Orlando Magic", "Kia Center", "Orlando"],
  [154, "Philadelphia 76ers", "Xfinity Mobile Arena", "Philadelphia"],
  [155, "Phoenix Suns", "Footprint Center", "Phoenix"],
  [156, "Portland Trail Blazers", "Moda Center", "Portland"],
  [157, "Sacramento Kings", "Golden 1 Center", "Sacramento"],
  [158, "San Antonio Spurs", "Frost Bank Center", "San Antonio"],
  [159, "Toronto Raptors", "Scotiabank Arena", "Toronto"],
  [160, "Utah Jazz", "Delta Center", "Salt Lake City"],
  [161, "Washington Wizards", "Capital One Arena", "Washington"],
]);

const european = teams([
  [2334, "Real Madrid", "Movistar Arena", "Madrid"],
  [2335, "Barcelona", "Palau Blaugrana", "Barcelona"],
  [2336, "Baskonia", "Buesa Arena", "Vitoria-Gasteiz"],
  [2337, "Valencia", "Roig Arena", "Valencia"],
  [2338, "Unicaja", "Palacio de Deportes José María Martín Carpena", "Málaga"],
  [2339, "Gran Canaria", "Gran Canaria Arena", "Las Palmas"],
  [2340, "Joventut Badalona", "Palau Olímpic de Badalona", "Badalona"],
  [2341, "UCAM Murcia", "Palacio de los Deportes", "Murcia"],
  [2342, "Tenerife", "Pabellón Santiago Martín", "San Cristóbal de La Laguna"],
  [2343, "Zaragoza", "Pabellón Príncipe Felipe", "Zaragoza"],
  [2344, "Manresa", "Nou Congost", "Manresa"],
  [2345, "Bilbao", "Bilbao Arena", "Bilbao"],
  [1296, "Olympiacos", "Peace and Friendship Stadium", "Piraeus"],
  [1297, "Panathinaikos", "OAKA Altion", "Athens"],
  [1298, "Fenerbahce", "Ülker Sports Arena", "Istanbul"],
  [1299, "Anadolu Efes", "Basketbol Gelişim Merkezi", "Istanbul"],
  [1300, "Maccabi Tel Aviv", "Menora Mivtachim Arena", "Tel Aviv"],
  [1301, "Zalgiris Kaunas", "Žalgirio Arena", "Kaunas"],
  [1302, "Partizan", "Belgrade Arena", "Belgrade"],
  [1303, "Crvena Zvezda", "Belgrade Arena", "Belgrade"],
  [1304, "Bayern Munich", "SAP Garden", "Munich"],
  [1305, "Monaco", "Salle Gaston Médecin", "Monaco"],
  [1306, "Virtus Bologna", "Virtus Arena", "Bologna"],
  [1307, "Olimpia Milano", "Unipol Forum", "Assago"],
  [1308, "Paris Basketball", "Adidas Arena", "Paris"],
  [1309, "ASVEL", "LDLC Arena", "Décines-Charpieu"],
]);

const span = { seasonStyle: "span", round: "Regular Season", rounds: 1 } as const;

/** Basketball leagues the sandbox schedules (API-Basketball ids). */
export const BASKETBALL_LEAGUES: readonly League[] = [
  {
    id: 12,
    name: "NBA",
    type: "League",
    country: usa,
    teams: nba,
    kickoffs: ["00:00", "00:30", "01:00", "01:30", "02:00", "02:30", "03:00", "03:30"],
    weight: 4,
    seasonStartMonth: 10,
    ...span,
  },
  {
    id: 120,
    name: "Euroleague",
    type: "Cup",
    country: europe,
    teams: teamsById(european, [2334, 2335, 2336, 2337, ...Array.from({ length: 14 }, (_, i) => 1296 + i)]),
    kickoffs: ["17:00", "17:45", "18:00", "19:00", "19:30", "20:00"],
    weight: 2,
    seasonStartMonth: 9,
    ...span,
  },
  {
    id: 117,
    name: "ACB",
    type: "League",
    country: spain,
    teams: teamsById(
      european,
      Array.from({ length: 12 }, (_, i) => 2334 + i),
    ),
    kickoffs: ["11:00", "16:00", "17:00", "18:30", "19:45"],
    weight: 1.5,
    seasonStartMonth: 9,
    ...span,
  },
];

/** Quarter length in minutes (FIBA 10, NBA 12). */
export function quarterMinutes(leagueId: number): number {
  return leagueId === 12 ? 12 : 10;
}
