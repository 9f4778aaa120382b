// vs_2_x: setp with every comparison, writing parts of p0.
vs_2_x
dcl_position v0
dcl_normal v1
setp_gt p0, v0, v1
setp_eq p0.x, v0, v1
setp_ge p0.y, v0.x, c0
setp_lt p0.zw, v0, c1
setp_ne p0.xy, v1, c2
setp_le p0, v1.w, c3.x
mov oPos, v0
