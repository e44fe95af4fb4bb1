#!/bin/sh
# Regenerates the demo videos. Needs ffmpeg built with libx264, libfreetype and the
# DejaVu fonts (Debian: apt-get install -y ffmpeg fonts-dejavu-core). Run from this folder.
set -eu
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

# $1 file, $2 width, $3 height, $4 seconds, $5 label, $6 tone frequency (Hz)
make_video() {
  ffmpeg -y -hide_banner -loglevel error \
    -f lavfi -i "testsrc2=size=$2x$3:rate=24:duration=$4" \
    -f lavfi -i "sine=frequency=$6:sample_rate=44100:duration=$4" \
    -vf "drawtext=fontfile=$FONT:text='$5':fontcolor=white:fontsize=h/14:box=1:boxcolor=black@0.6:boxborderw=12:x=(w-text_w)/2:y=h/6,drawtext=fontfile=$FONT:text='%{eif\:t\:d} s':fontcolor=white:fontsize=h/12:box=1:boxcolor=black@0.6:boxborderw=10:x=(w-text_w)/2:y=h-h/4" \
    -c:v libx264 -preset veryslow -profile:v main -pix_fmt yuv420p -b:v 180k -maxrate 250k -bufsize 500k -g 48 \
    -c:a aac -b:a 32k -ac 1 \
    -movflags +faststart "$1"
}

make_video intro-landscape.mp4 640 360 15 'Demo intro' 440
make_video intro-portrait.mp4 360 640 15 'Demo intro' 523
make_video main-landscape.mp4 640 360 40 'Demo course' 330
