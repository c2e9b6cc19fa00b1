import json

from trajectory.config import TrajectoryConfig
from trajectory.runner import TrajectoryRunner

if __name__ == "__main__":
    res = TrajectoryRunner(TrajectoryConfig()).run()
    with open("trajectory_outputs.json", "w") as fh:
        json.dump(res, fh)
    print("done:", sorted(res))
