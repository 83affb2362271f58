/** TMDB's genre lists (ids are TMDB's). */
export const MOVIE_GENRES: Record<number, string> = {
  28: "Action",
  12: "Adventure",
  16: "Animation",
  35: "Comedy",
  80: "Crime",
  99: "Documentary",
  18: "Drama",
  10751: "Family",
  14: "Fantasy",
  36: "History",
  27: "Horror",
  10402: "Music",
  9648: "Mystery",
  10749: "Romance",
  878: "Science Fiction",
  10770: "TV Movie",
  53: "Thriller",
  10752: "War",
  37: "Western",
};

export const TV_GENRES: Record<number, string> = {
  10759: "Action & Adventure",
  16: "Animation",
  35: "Comedy",
  80: "Crime",
  99: "Documentary",
  18: "Drama",
  10751: "Family",
  10762: "Kids",
  9648: "Mystery",
  10763: "News",
  10764: "Reality",
  10765: "Sci-Fi & Fantasy",
  10766: "Soap",
  10767: "Talk",
  10768: "War & Politics",
  37: "Western",
};

export const LANGUAGES: Record<string, { english_name: string; name: string }> = {
  en: { english_name: "English", name: "English" },
  fr: { english_name: "French", name: "Français" },
  ja: { english_name: "Japanese", name: "日本語" },
  ko: { english_name: "Korean", name: "한국어/조선말" },
  es: { english_name: "Spanish", name: "Español" },
  de: { english_name: "German", name: "Deutsch" },
};

export const COUNTRIES: Record<string, string> = {
  US: "United States of America",
  GB: "United Kingdom",
  NZ: "New Zealand",
  JP: "Japan",
  KR: "South Korea",
  FR: "France",
  ES: "Spain",
  DE: "Germany",
  AU: "Australia",
};

export interface Company {
  id: number;
  name: string;
  origin_country: string;
}

export const COMPANIES: Record<string, Company> = {
  warner: { id: 174, name: "Warner Bros. Pictures", origin_country: "US" },
  legendary: { id: 923, name: "Legendary Pictures", origin_country: "US" },
  paramount: { id: 4, name: "Paramount Pictures", origin_country: "US" },
  universal: { id: 33, name: "Universal Pictures", origin_country: "US" },
  fox: { id: 25, name: "20th Century Fox", origin_country: "US" },
  columbia: { id: 5, name: "Columbia Pictures", origin_country: "US" },
  disney: { id: 2, name: "Walt Disney Pictures", origin_country: "US" },
  pixar: { id: 3, name: "Pixar", origin_country: "US" },
  marvel: { id: 420, name: "Marvel Studios", origin_country: "US" },
  lucasfilm: { id: 1, name: "Lucasfilm Ltd.", origin_country: "US" },
  newline: { id: 12, name: "New Line Cinema", origin_country: "US" },
  miramax: { id: 14, name: "Miramax", origin_country: "US" },
  dreamworks: { id: 7, name: "DreamWorks Pictures", origin_country: "US" },
  amblin: { id: 56, name: "Amblin Entertainment", origin_country: "US" },
  ghibli: { id: 10342, name: "Studio Ghibli", origin_country: "JP" },
  syncopy: { id: 9996, name: "Syncopy", origin_country: "GB" },
  villageroadshow: { id: 79, name: "Village Roadshow Pictures", origin_country: "US" },
  orion: { id: 41, name: "Orion Pictures", origin_country: "US" },
  summit: { id: 491, name: "Summit Entertainment", origin_country: "US" },
  sonyanimation: { id: 2251, name: "Sony Pictures Animation", origin_country: "US" },
  barunson: { id: 4399, name: "Barunson E&A", origin_country: "KR" },
  comixwave: { id: 21444, name: "CoMix Wave Films", origin_country: "JP" },
  ugc: { id: 2349, name: "UGC", origin_country: "FR" },
  blumhouse: { id: 3172, name: "Blumhouse Productions", origin_country: "US" },
  heyday: { id: 7364, name: "Heyday Films", origin_country: "GB" },
};

export const NETWORKS: Record<string, Company> = {
  amc: { id: 174, name: "AMC", origin_country: "US" },
  hbo: { id: 49, name: "HBO", origin_country: "US" },
  netflix: { id: 213, name: "Netflix", origin_country: "" },
  nbc: { id: 6, name: "NBC", origin_country: "US" },
  fox: { id: 19, name: "FOX", origin_country: "US" },
  cbs: { id: 16, name: "CBS", origin_country: "US" },
  disneyplus: { id: 2739, name: "Disney+", origin_country: "" },
  prime: { id: 1024, name: "Prime Video", origin_country: "" },
  appletv: { id: 2552, name: "Apple TV+", origin_country: "" },
  fx: { id: 88, name: "FX", origin_country: "US" },
  bbcone: { id: 4, name: "BBC One", origin_country: "GB" },
};
