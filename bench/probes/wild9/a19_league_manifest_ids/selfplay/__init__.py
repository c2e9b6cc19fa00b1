from .league import LeagueView
from .actor import MatchActor
