#!/bin/bash
# usage: scratch-cpu.sh <pid> <url> <era> <n>
pid=$1
t0=$(awk '{print $14+$15}' /proc/$pid/stat)
./node_modules/.bin/node scratch-httpclient.ts $2 $3 $4
t1=$(awk '{print $14+$15}' /proc/$pid/stat)
echo "server CPU per call: $(( (t1-t0)*10000000/$4 / 1000 )) µs"
