"""Playing packs: computer players, batches of games and their statistics, games in
the terminal, game records and replays, the PettingZoo environment."""
