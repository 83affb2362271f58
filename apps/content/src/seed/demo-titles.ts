import type { MovieKind } from "@backoffice/contracts";

export interface DemoTitle {
  tmdbId: number;
  type: MovieKind;
  title: string;
  overview: string;
  status: string | null;
  poster_path: string;
  vote_average: number;
  releaseDate: string;
  genres: string[];
  featured?: boolean;
  lockerSelected?: boolean;
}

/**
 * Demo titles, newest first: the same ids, texts and image paths the sandbox's movie database
 * answers, so a re-import from it refreshes these rows and their posters render with their titles.
 */
export const DEMO_TITLES: readonly DemoTitle[] = [
  { tmdbId: 27205, type: "movie", title: "Inception", overview: "A thief who steals secrets from dreams is offered a chance to plant an idea instead.", status: "Released", poster_path: "/sVSCbE8WV6z7hi5je6UEkYK4mDc.jpg", vote_average: 8.369, releaseDate: "2010-07-15", genres: ["Action", "Science Fiction", "Adventure"], featured: true },
  { tmdbId: 155, type: "movie", title: "The Dark Knight", overview: "Batman faces a criminal mastermind who wants to push Gotham City into chaos.", status: "Released", poster_path: "/0GeZGnZdsq8aRwy9lKS8pMauJKi.jpg", vote_average: 8.516, releaseDate: "2008-07-16", genres: ["Drama", "Action", "Crime", "Thriller"], lockerSelected: true },
  { tmdbId: 1396, type: "tv", title: "Breaking Bad", overview: "A chemistry teacher with a terminal diagnosis turns to making drugs to secure his family's future.", status: "Ended", poster_path: "/bKMyrUvb4g0IZVxSwknMyQREDu7.jpg", vote_average: 8.9, releaseDate: "2008-01-20", genres: ["Drama", "Crime"], featured: true },
  { tmdbId: 157336, type: "movie", title: "Interstellar", overview: "Explorers travel through a wormhole to find a new home for humanity.", status: "Released", poster_path: "/c4lOzaSxXWOL3DureuCBzYEskNp.jpg", vote_average: 8.453, releaseDate: "2014-11-05", genres: ["Adventure", "Drama", "Science Fiction"], featured: true },
  { tmdbId: 496243, type: "movie", title: "Parasite", overview: "A struggling family talks its way into the household of a wealthy one, with unexpected results.", status: "Released", poster_path: "/fQQMz92L2CNLQoj6dyEGzQsirX4.jpg", vote_average: 8.497, releaseDate: "2019-05-30", genres: ["Comedy", "Thriller", "Drama"] },
  { tmdbId: 94605, type: "tv", title: "Arcane", overview: "Two sisters end up on opposite sides of a conflict between a gleaming city and its undercity.", status: "Ended", poster_path: "/6QvPRPu0lU11Ob8hVoE3yTBzj1g.jpg", vote_average: 8.76, releaseDate: "2021-11-06", genres: ["Animation", "Sci-Fi & Fantasy", "Action & Adventure", "Drama"], lockerSelected: true },
  { tmdbId: 129, type: "movie", title: "Spirited Away", overview: "A girl trapped in a world of spirits works in a bathhouse to free her parents.", status: "Released", poster_path: "/HlUklOLeonF2KdvIrOpEY2GXXKt.jpg", vote_average: 8.536, releaseDate: "2001-07-20", genres: ["Animation", "Family", "Fantasy"] },
  { tmdbId: 872585, type: "movie", title: "Oppenheimer", overview: "The story of the physicist who led the project to build the first atomic bomb.", status: "Released", poster_path: "/1cz0cTgbVMW16jnkKHI85Xr0dnp.jpg", vote_average: 8.06, releaseDate: "2023-07-19", genres: ["Drama", "History"], lockerSelected: true },
  { tmdbId: 100088, type: "tv", title: "The Last of Us", overview: "A smuggler escorts a teenage girl across a country devastated by a fungal pandemic.", status: "Returning Series", poster_path: "/OjxoQtwjXDmLkBPVAywfPbHEBGZ.jpg", vote_average: 8.57, releaseDate: "2023-01-15", genres: ["Drama"], featured: true },
  { tmdbId: 438631, type: "movie", title: "Dune", overview: "The heir of a noble house is sent to a desert planet that holds the galaxy's most precious resource.", status: "Released", poster_path: "/zbl3wzkj9d8XJwvi6JlJGLh87KG.jpg", vote_average: 7.78, releaseDate: "2021-09-15", genres: ["Science Fiction", "Adventure"] },
  { tmdbId: 693134, type: "movie", title: "Dune: Part Two", overview: "Paul joins the desert people and wages war against those who destroyed his family.", status: "Released", poster_path: "/sFNlMC7DNK3Uez4c418YhEk7yo5.jpg", vote_average: 8.13, releaseDate: "2024-02-27", genres: ["Science Fiction", "Adventure"], featured: true },
  { tmdbId: 66732, type: "tv", title: "Stranger Things", overview: "A boy's disappearance leads his friends and a mysterious girl to uncover secrets in their small town.", status: "Ended", poster_path: "/6ZNCyUa504Hp7VHYOeGeFrq2AFe.jpg", vote_average: 8.59, releaseDate: "2016-07-15", genres: ["Drama", "Sci-Fi & Fantasy", "Mystery"] },
  { tmdbId: 569094, type: "movie", title: "Spider-Man: Across the Spider-Verse", overview: "Miles Morales travels across the multiverse and meets a society of Spider-People.", status: "Released", poster_path: "/KC12rbZ9pkl8CxtZFU3lxmdvBC0.jpg", vote_average: 8.367, releaseDate: "2023-05-31", genres: ["Animation", "Action", "Adventure", "Science Fiction"] },
  { tmdbId: 76341, type: "movie", title: "Mad Max: Fury Road", overview: "In a desert wasteland, a drifter and a rebel commander flee a tyrant across the sand.", status: "Released", poster_path: "/CXItPNhTBmZ9IXWtL0EpxRqnYVy.jpg", vote_average: 7.623, releaseDate: "2015-05-13", genres: ["Action", "Adventure", "Science Fiction"] },
  { tmdbId: 87108, type: "tv", title: "Chernobyl", overview: "A dramatisation of the 1986 nuclear disaster and the efforts to contain it.", status: "Ended", poster_path: "/dKIXVX6YCdiVTfQbefrYoyz00No.jpg", vote_average: 8.66, releaseDate: "2019-05-06", genres: ["Drama"] },
  { tmdbId: 354912, type: "movie", title: "Coco", overview: "A boy who dreams of music finds himself in the Land of the Dead.", status: "Released", poster_path: "/L9Wfff9IoBPUWcECDigYkNko9P6.jpg", vote_average: 8.21, releaseDate: "2017-10-27", genres: ["Family", "Animation", "Adventure", "Fantasy"] },
  { tmdbId: 244786, type: "movie", title: "Whiplash", overview: "A young drummer at a music conservatory is pushed to his limits by a ruthless teacher.", status: "Released", poster_path: "/i20onjG8enwBJ2Wsw5eS6DED2RQ.jpg", vote_average: 8.381, releaseDate: "2014-10-10", genres: ["Drama", "Music"] },
  { tmdbId: 95396, type: "tv", title: "Severance", overview: "Office workers whose memories are surgically split between work and home begin to question their jobs.", status: "Returning Series", poster_path: "/1kaJJR0GOVrlnPvjFxEtzNlWwrB.jpg", vote_average: 8.4, releaseDate: "2022-02-17", genres: ["Drama", "Mystery", "Sci-Fi & Fantasy"] },
  { tmdbId: 313369, type: "movie", title: "La La Land", overview: "A jazz pianist and an aspiring actress fall in love while chasing their ambitions in Los Angeles.", status: null, poster_path: "/z9RIitSQ8mZn833SsEqzAkUTeLM.jpg", vote_average: 7.9, releaseDate: "2016-11-29", genres: ["Comedy", "Drama", "Romance", "Music"] },
  { tmdbId: 136315, type: "tv", title: "The Bear", overview: "A young fine-dining chef returns to Chicago to run his family's sandwich shop.", status: "Returning Series", poster_path: "/GU498nENOcRohZa50KdlSdffr0q.jpg", vote_average: 8.1, releaseDate: "2022-06-23", genres: ["Drama", "Comedy"] },
];
